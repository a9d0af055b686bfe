<?php // stockade-expect: safe CWE-915
namespace App\Http\Controllers;

use App\Models\User;
use Illuminate\Http\Request;

class ProfileController extends Controller
{
    public function store(Request $request)
    {
        $user = User::create($request->validate(['name' => 'required', 'email' => 'required|email']));
        return redirect('/users/' . $user->id);
    }
}
