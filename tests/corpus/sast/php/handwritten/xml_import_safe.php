<?php // stockade-expect: safe CWE-611
$doc = new DOMDocument();
$doc->loadXML(file_get_contents('php://input'), LIBXML_NONET);
echo htmlspecialchars($doc->getElementsByTagName('name')->item(0)->nodeValue);
