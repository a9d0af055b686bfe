<?php // stockade-expect: safe CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('doc');
        $value = 'default';
        echo file_get_contents("/srv/docs/" . $value);
    }
}
