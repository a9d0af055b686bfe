<?php // stockade-expect: annotated

defined('ABSPATH') || exit;

class SG_Gallery_Admin
{
    public function __construct()
    {
        add_action('admin_post_sg_settings', [$this, 'save']);
        add_action('admin_post_sg_import', [$this, 'import']);
    }

    public function save()
    {
        // ruleid: php.wordpress-option-injection
        update_option($_POST['option_name'], $_POST['option_value']);
        check_admin_referer('sg_settings');
        // ok: php.wordpress-option-injection
        update_option('sg_columns', absint($_POST['columns']));
        wp_safe_redirect(admin_url('options-general.php?page=sg'));
    }

    public function import()
    {
        $meta = $_POST['meta'];
        // ruleid: php.insecure-deserialization
        $data = maybe_unserialize(stripslashes($meta));
        // ok: php.insecure-deserialization
        $data2 = json_decode(stripslashes($meta), true);

        $remote = esc_url_raw($_POST['source']);
        // ruleid: php.ssrf
        $body = wp_remote_retrieve_body(wp_remote_get($remote));
        // ok: php.ssrf
        $body2 = wp_remote_retrieve_body(wp_safe_remote_get($remote));

        $upload = $_FILES['archive'];
        // ruleid: php.path-traversal
        move_uploaded_file($upload['tmp_name'], WP_CONTENT_DIR . '/uploads/sg/' . $upload['name']);
        // ok: php.path-traversal
        move_uploaded_file($upload['tmp_name'], WP_CONTENT_DIR . '/uploads/sg/' . wp_unique_filename(WP_CONTENT_DIR . '/uploads/sg', sanitize_file_name($upload['name'])));
        update_option('sg_import', [$data, $data2, strlen($body . $body2)]);
    }
}
