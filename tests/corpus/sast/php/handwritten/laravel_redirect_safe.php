<?php // stockade-expect: safe CWE-601
namespace App\Http\Controllers;

use Illuminate\Http\Request;

class AuthController extends Controller
{
    public function callback(Request $request)
    {
        $request->input('return_url');
        return redirect()->route('dashboard');
    }
}
