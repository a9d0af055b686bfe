<?php // stockade-expect: annotated
/**
 * Plugin Name: Simple Gallery
 */

defined('ABSPATH') || exit;

require_once __DIR__ . '/includes/class-gallery-admin.php';
require_once __DIR__ . '/includes/rest.php';

add_shortcode('gallery_album', 'sg_album_shortcode');

function sg_album_shortcode($atts)
{
    $atts = shortcode_atts(['album' => '', 'title' => ''], $atts);
    global $wpdb;
    // ruleid: php.sql-injection-wordpress
    $photos = $wpdb->get_results("SELECT * FROM {$wpdb->prefix}sg_photos WHERE album = '{$atts['album']}'");
    // ok: php.sql-injection-wordpress
    $photos2 = $wpdb->get_results($wpdb->prepare("SELECT * FROM {$wpdb->prefix}sg_photos WHERE album = %s", $atts['album']));
    $out = '<div class="sg-album">';
    // ruleid: php.xss
    $out .= '<h2>' . $atts['title'] . '</h2>';
    // ok: php.xss
    $out .= '<h2>' . esc_html($atts['title']) . '</h2>';
    return $out . count($photos) . count($photos2) . '</div>';
}

add_action('wp_ajax_sg_rename', 'sg_rename_photo');

function sg_rename_photo()
{
    global $wpdb;
    $id = $_POST['id'];
    $title = $_POST['title'];
    // ruleid: php.sql-injection-wordpress
    $wpdb->query("UPDATE {$wpdb->prefix}sg_photos SET title = '$title' WHERE id = $id");
    // ok: php.sql-injection-wordpress
    $wpdb->update($wpdb->prefix . 'sg_photos', ['title' => $title], ['id' => (int) $id]);
    wp_send_json_success(['title' => $title]);
}

add_action('template_redirect', function () {
    if (isset($_GET['sg_return'])) {
        // ruleid: php.open-redirect
        wp_redirect($_GET['sg_return']);
        exit;
    }
    if (isset($_GET['sg_back'])) {
        // ok: php.open-redirect
        wp_safe_redirect($_GET['sg_back']);
        exit;
    }
});

function sg_template($name)
{
    $slug = $_GET['view'];
    // ruleid: php.file-inclusion
    include plugin_dir_path(__FILE__) . 'templates/' . $slug . '.php';
    // ok: php.file-inclusion
    include plugin_dir_path(__FILE__) . 'templates/' . sanitize_file_name($name) . '.php';
}
