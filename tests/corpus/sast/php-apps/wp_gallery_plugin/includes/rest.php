<?php // stockade-expect: annotated

defined('ABSPATH') || exit;

add_action('rest_api_init', function () {
    register_rest_route('sg/v1', '/photos', [
        'methods' => 'GET',
        'callback' => 'sg_rest_photos',
        'permission_callback' => '__return_true',
    ]);
});

function sg_rest_photos(WP_REST_Request $request)
{
    global $wpdb;
    $order = $request->get_param('orderby');
    // ruleid: php.sql-injection-wordpress
    $rows = $wpdb->get_results("SELECT id, title FROM {$wpdb->prefix}sg_photos ORDER BY $order");
    $allowed = ['id', 'title', 'created'];
    $safe = in_array($order, $allowed, true) ? $order : 'id';
    // ok: php.sql-injection-wordpress
    $rows2 = $wpdb->get_results("SELECT id, title FROM {$wpdb->prefix}sg_photos ORDER BY $safe");
    return new WP_REST_Response([$rows, $rows2]);
}
