<?php // stockade-expect: vulnerable CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('doc');
        echo file_get_contents("/srv/docs/" . $value);
    }
}
