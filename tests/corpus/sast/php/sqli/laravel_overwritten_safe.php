<?php // stockade-expect: safe CWE-89 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('customer');
        $value = 'default';
        mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
    }
}
