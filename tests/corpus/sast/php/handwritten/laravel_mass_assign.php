<?php // stockade-expect: vulnerable CWE-915
namespace App\Http\Controllers;

use App\Models\User;
use Illuminate\Http\Request;

class ProfileController extends Controller
{
    public function store(Request $request)
    {
        $user = User::create($request->all());
        return redirect('/users/' . $user->id);
    }
}
