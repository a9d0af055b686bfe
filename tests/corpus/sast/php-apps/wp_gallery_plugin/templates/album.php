<?php // stockade-expect: annotated
defined('ABSPATH') || exit;
$caption = $_GET['caption'] ?? '';
?>
<div class="sg-caption">
    <!-- ruleid: php.xss -->
    <p><?php echo $caption; ?></p>
    <!-- ok: php.xss -->
    <p><?php echo esc_html($caption); ?></p>
    <!-- ruleid: php.xss -->
    <a href="<?= $_GET['link'] ?>">more</a>
    <!-- ok: php.xss -->
    <a href="<?php echo esc_url($_GET['link'] ?? ''); ?>">more</a>
</div>
