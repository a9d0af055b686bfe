<?php // stockade-expect: vulnerable CWE-89 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('customer');
        mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
    }
}
