<?php // stockade-expect: annotated

add_action('admin_post_sev_save', 'sev_save_settings');

function sev_save_settings()
{
    $tab = $_GET['tab'];
    // ruleid: php.file-inclusion
    include plugin_dir_path(__FILE__) . 'tabs/' . $tab . '.php';
    // ok: php.file-inclusion
    include plugin_dir_path(__FILE__) . 'tabs/' . sanitize_key($tab) . '.php';

    $options = $_POST['sev_options'];
    // ruleid: php.insecure-deserialization
    $restored = unserialize(stripslashes($options));
    // ok: php.insecure-deserialization
    $decoded = json_decode(stripslashes($options), true);
    update_option('sev_options', $decoded ?: $restored);

    $notice = $_GET['notice'];
    // ruleid: php.xss
    echo "<div class='notice'>$notice</div>";
    // ok: php.xss
    echo "<div class='notice'>" . esc_html($notice) . '</div>';
}
