<?php // stockade-expect: annotated
/**
 * Plugin Name: Simple Events
 * Description: Lists and registers attendees for events.
 */

if (!defined('ABSPATH')) {
    exit;
}

require_once __DIR__ . '/includes/class-events-db.php';
require_once __DIR__ . '/admin/settings.php';

add_shortcode('events_list', 'sev_events_list');
add_action('wp_ajax_sev_register', 'sev_register');
add_action('wp_ajax_nopriv_sev_register', 'sev_register');

function sev_events_list($atts)
{
    global $wpdb;
    $city = isset($_GET['city']) ? $_GET['city'] : '';
    // ruleid: php.sql-injection
    $rows = $wpdb->get_results("SELECT * FROM {$wpdb->prefix}events WHERE city = '$city'");
    // ok: php.sql-injection
    $rows2 = $wpdb->get_results($wpdb->prepare("SELECT * FROM {$wpdb->prefix}events WHERE city = %s", $city));

    $out = '<ul>';
    foreach ($rows as $row) {
        $out .= '<li>' . esc_html($row->title) . '</li>';
    }
    // ruleid: php.xss
    echo '<h2>Events in ' . $city . '</h2>';
    // ok: php.xss
    echo '<h2>Events in ' . esc_html($city) . '</h2>';

    return $out . '</ul>' . count($rows2);
}

function sev_register()
{
    global $wpdb;
    $event = $_POST['event_id'];
    $email = sanitize_email($_POST['email']);
    // ruleid: php.sql-injection
    $wpdb->query("UPDATE {$wpdb->prefix}events SET seats = seats - 1 WHERE id = " . $event);
    // ok: php.sql-injection
    $wpdb->query($wpdb->prepare("UPDATE {$wpdb->prefix}events SET seats = seats - 1 WHERE id = %d", $event));
    // ok: php.sql-injection
    $wpdb->insert($wpdb->prefix . 'attendees', ['event_id' => (int) $event, 'email' => $email]);

    $back = $_POST['redirect_to'];
    // ruleid: php.open-redirect
    wp_redirect($back);
    // ok: php.open-redirect
    wp_safe_redirect($back);
    exit;
}

function sev_export()
{
    $name = $_GET['file'];
    // ruleid: php.path-traversal
    readfile(WP_CONTENT_DIR . '/uploads/events/' . $name);
    // ok: php.path-traversal
    readfile(WP_CONTENT_DIR . '/uploads/events/' . sanitize_file_name($name));
}

function sev_fetch_remote()
{
    $url = $_GET['feed'];
    // ruleid: php.ssrf
    $response = wp_remote_get($url);
    // ok: php.ssrf
    $response2 = wp_remote_get('https://api.example.org/events.json');

    return [$response, $response2];
}
