<?php // stockade-expect: vulnerable CWE-611
$doc = new DOMDocument();
$doc->loadXML(file_get_contents('php://input'), LIBXML_NOENT);
echo htmlspecialchars($doc->getElementsByTagName('name')->item(0)->nodeValue);
