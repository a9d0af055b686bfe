<?php // stockade-expect: vulnerable CWE-79
$tags = $_GET['tags'] ?? [];
?>
<ul>
<?php foreach ($tags as $i => $tag): ?>
    <li><?= $tag ?></li>
<?php endforeach; ?>
</ul>
