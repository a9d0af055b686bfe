<?php // stockade-expect: safe CWE-79
$tags = $_GET['tags'] ?? [];
?>
<ul>
<?php foreach ($tags as $i => $tag): ?>
    <li><?= htmlspecialchars($tag, ENT_QUOTES) ?></li>
<?php endforeach; ?>
</ul>
