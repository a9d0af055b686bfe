<?php // stockade-expect: annotated

namespace App\Repository;

use App\Entity\Post;
use Doctrine\Bundle\DoctrineBundle\Repository\ServiceEntityRepository;

class PostRepository extends ServiceEntityRepository
{
    public function findRaw(string $slug): array
    {
        $conn = $this->getEntityManager()->getConnection();
        // ruleid: php.sql-injection-parameter
        return $conn->fetchAllAssociative('SELECT * FROM post WHERE slug = "' . $slug . '"');
    }

    public function findSafe(string $slug): array
    {
        $conn = $this->getEntityManager()->getConnection();
        // ok: php.sql-injection-parameter
        return $conn->fetchAllAssociative('SELECT * FROM post WHERE slug = ?', [$slug]);
    }

    public function orderedBy(string $field): array
    {
        // ruleid: php.sql-injection-parameter
        return $this->getEntityManager()->createQuery('SELECT p FROM App\Entity\Post p ORDER BY p.' . $field)->getResult();
    }

    public function published(): array
    {
        // ok: php.sql-injection-parameter
        return $this->createQueryBuilder('p')->where('p.published = true')->getQuery()->getResult();
    }
}
