<?php // stockade-expect: annotated

namespace Drupal\events\Controller;

use Drupal\Core\Controller\ControllerBase;
use Drupal\Core\Routing\TrustedRedirectResponse;
use Drupal\Component\Utility\Html;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;

class EventController extends ControllerBase {

  public function search(Request $request) {
    $term = $request->query->get('q');
    $database = \Drupal::database();
    // ruleid: php.sql-injection
    $rows = $database->query("SELECT nid, title FROM {node_field_data} WHERE title LIKE '%" . $term . "%'")->fetchAll();
    // ok: php.sql-injection
    $rows2 = $database->query('SELECT nid, title FROM {node_field_data} WHERE title LIKE :t', [':t' => '%' . $database->escapeLike($term) . '%'])->fetchAll();
    $sort = $request->query->get('sort');
    // ruleid: php.sql-injection-query-builder
    $ids = $database->select('node_field_data', 'n')->fields('n', ['nid'])->orderBy($sort)->execute()->fetchCol();
    // ok: php.sql-injection-query-builder
    $ids2 = $database->select('node_field_data', 'n')->fields('n', ['nid'])->condition('title', $term)->execute()->fetchCol();

    return ['#theme' => 'events_results', '#rows' => [$rows, $rows2, $ids, $ids2]];
  }

  public function banner(Request $request) {
    $msg = $request->query->get('msg');
    // ruleid: php.xss-framework-response
    return new Response('<div class="banner">' . $msg . '</div>');
  }

  public function bannerSafe(Request $request) {
    $msg = $request->query->get('msg');
    // ok: php.xss-framework-response
    return new Response('<div class="banner">' . Html::escape($msg) . '</div>');
  }

  public function markup(Request $request) {
    $note = $request->query->get('note');
    return ['#markup' => $this->t('<p>@note</p>', ['@note' => $note])];
  }

  public function leave(Request $request) {
    // ruleid: php.open-redirect-frameworks
    return new TrustedRedirectResponse($request->query->get('destination_url'));
  }

  public function feed(Request $request) {
    $url = $request->query->get('feed');
    // ruleid: php.ssrf-http-clients
    $body = \Drupal::httpClient()->get($url)->getBody();
    // ok: php.ssrf-http-clients
    $body2 = \Drupal::httpClient()->get('https://events.example.com/feed.xml', ['query' => ['u' => $url]])->getBody();
    return new Response((string) $body . (string) $body2, 200, ['Content-Type' => 'text/plain']);
  }
}
