<?php // stockade-expect: annotated

namespace App\Controller;

use App\Repository\PostRepository;
use Doctrine\ORM\EntityManagerInterface;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\RedirectResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Attribute\Route;

class PostController extends AbstractController
{
    public function __construct(private EntityManagerInterface $em, private PostRepository $posts)
    {
    }

    #[Route('/posts', name: 'post_index')]
    public function index(Request $request): Response
    {
        $tag = $request->query->get('tag');
        // ruleid: php.sql-injection
        $query = $this->em->createQuery("SELECT p FROM App\Entity\Post p WHERE p.tag = '" . $tag . "'");
        // ok: php.sql-injection
        $query2 = $this->em->createQuery('SELECT p FROM App\Entity\Post p WHERE p.tag = :tag')->setParameter('tag', $tag);

        return $this->render('post/index.html.twig', ['posts' => $query->getResult(), 'p2' => $query2->getResult()]);
    }

    #[Route('/posts/search', name: 'post_search')]
    public function search(Request $request): Response
    {
        $q = $request->query->get('q');
        $conn = $this->em->getConnection();
        // ruleid: php.sql-injection
        $rows = $conn->executeQuery("SELECT id, title FROM post WHERE title LIKE '%$q%'")->fetchAllAssociative();
        // ok: php.sql-injection
        $rows2 = $conn->executeQuery('SELECT id, title FROM post WHERE title LIKE ?', ['%' . $q . '%'])->fetchAllAssociative();

        return $this->json([$rows, $rows2]);
    }

    #[Route('/posts/by-author', name: 'post_author')]
    public function byAuthor(Request $request): Response
    {
        $author = $request->request->get('author');
        $qb = $this->posts->createQueryBuilder('p');
        // ruleid: php.sql-injection
        $qb->where("p.author = '" . $author . "'");
        // ok: php.sql-injection
        $qb->andWhere('p.author = :author')->setParameter('author', $author);

        return $this->json($qb->getQuery()->getArrayResult());
    }

    #[Route('/posts/{slug}', name: 'post_show')]
    public function show(string $slug): Response
    {
        $post = $this->posts->findRaw($slug);
        // ruleid: php.xss
        return new Response('<h1>Post ' . $slug . '</h1>');
    }

    #[Route('/posts/{id}/title', name: 'post_title')]
    public function title(Request $request, int $id): Response
    {
        $title = $request->query->get('title', '');
        // ok: php.xss
        return new Response('<h1>' . htmlspecialchars($title, ENT_QUOTES, 'UTF-8') . ' #' . $id . '</h1>');
    }

    #[Route('/go', name: 'post_go')]
    public function go(Request $request): Response
    {
        $target = $request->query->get('target');
        // ruleid: php.open-redirect
        return new RedirectResponse($target);
    }

    #[Route('/login-done', name: 'login_done')]
    public function loginDone(Request $request): Response
    {
        $target = $request->query->get('target');
        // ruleid: php.open-redirect
        return $this->redirect($target);
    }

    #[Route('/home', name: 'post_home')]
    public function home(): Response
    {
        // ok: php.open-redirect
        return $this->redirectToRoute('post_index');
    }

    #[Route('/posts/preview', name: 'post_preview')]
    public function preview(Request $request): Response
    {
        $body = $request->request->get('body');
        $twig = $this->container->get('twig');
        // ruleid: php.template-injection
        $html = $twig->createTemplate($body)->render([]);
        // ok: php.template-injection
        $html2 = $twig->render('post/preview.html.twig', ['body' => $body]);

        return new Response($html . $html2);
    }
}
