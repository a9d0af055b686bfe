<?php // stockade-expect: safe CWE-89
namespace App\Http\Controllers;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;

class ReportController extends Controller
{
    public function index(Request $request)
    {
        $sort = $request->query('sort');
        $column = ['created' => 'created_at', 'title' => 'title'];
        $rows = DB::table('reports')->orderBy($column['created'], 'desc')->where('title', $sort)->paginate(20);
        return view('reports.index', ['rows' => $rows]);
    }
}
