<?php // stockade-expect: annotated

namespace App\Controller;

use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\BinaryFileResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Attribute\Route;
use Twig\Environment;

class PageController extends AbstractController
{
    public function __construct(private Environment $twig)
    {
    }

    #[Route('/preview', methods: ['POST'])]
    public function preview(Request $request): Response
    {
        $source = $request->request->get('template');
        // ruleid: php.template-injection
        $html = $this->twig->createTemplate($source)->render([]);
        // ok: php.template-injection
        $html2 = $this->twig->render('page/preview.html.twig', ['source' => $source]);

        return new Response($html . $html2);
    }

    #[Route('/files/{name}')]
    public function file(string $name): BinaryFileResponse
    {
        // ruleid: php.path-traversal
        return new BinaryFileResponse($this->getParameter('kernel.project_dir') . '/var/files/' . $name);
    }

    #[Route('/files-safe/{name}')]
    public function fileSafe(string $name): BinaryFileResponse
    {
        // ok: php.path-traversal
        return $this->file($this->getParameter('kernel.project_dir') . '/var/files/' . basename($name));
    }

    #[Route('/lang')]
    public function lang(Request $request): Response
    {
        $response = new Response('ok');
        // ruleid: php.cookie-insecure
        setcookie('theme', 'dark', ['expires' => time() + 3600, 'secure' => false, 'httponly' => false]);
        // ok: php.cookie-insecure
        setcookie('prefs', 'dark', ['expires' => time() + 3600, 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);

        return $response;
    }
}
