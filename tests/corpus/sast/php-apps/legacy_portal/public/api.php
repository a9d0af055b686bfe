<?php // stockade-expect: annotated
// ruleid: php.cors-wildcard-credentials
header('Access-Control-Allow-Origin: *');
header('Access-Control-Allow-Credentials: true');

$origin = $_SERVER['HTTP_ORIGIN'] ?? '';
$trusted = ['https://app.example.com', 'https://admin.example.com'];
if (in_array($origin, $trusted, true)) {
    // ok: php.cors-reflected-origin
    header('Access-Control-Allow-Origin: ' . $origin);
}
// ruleid: php.cors-reflected-origin
header('Access-Control-Allow-Origin: ' . $_SERVER['HTTP_ORIGIN']);

$payload = $_POST['data'];
// ruleid: php.code-injection
$result = eval('return ' . $payload . ';');
$fn = $_GET['fn'];
// ruleid: php.code-injection
$value = call_user_func($fn, $payload);
$handlers = ['sum' => 'array_sum', 'max' => 'max'];
// ok: php.code-injection
$value2 = call_user_func($handlers['sum'], [1, 2]);

$file = $_GET['doc'];
// ruleid: php.path-traversal
$fh = fopen('/srv/docs/' . $file, 'r');
// ok: php.path-traversal
$fh2 = fopen('/srv/docs/' . basename($file), 'r');

$pattern = $_GET['re'];
// ruleid: php.redos
preg_match('/' . $pattern . '/', 'subject');
// ok: php.redos
preg_match('/' . preg_quote($pattern, '/') . '/', 'subject');

echo json_encode(['result' => $result, 'value' => $value, 'value2' => $value2, 'h' => [$fh, $fh2]]);
