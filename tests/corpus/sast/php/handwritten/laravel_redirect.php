<?php // stockade-expect: vulnerable CWE-601
namespace App\Http\Controllers;

use Illuminate\Http\Request;

class AuthController extends Controller
{
    public function callback(Request $request)
    {
        return redirect()->to($request->input('return_url'));
    }
}
