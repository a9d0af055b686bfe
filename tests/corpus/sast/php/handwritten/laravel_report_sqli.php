<?php // stockade-expect: vulnerable CWE-89
namespace App\Http\Controllers;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;

class ReportController extends Controller
{
    public function index(Request $request)
    {
        $sort = $request->query('sort', 'created_at');
        $rows = DB::table('reports')->orderByRaw($sort . ' DESC')->paginate(20);
        return view('reports.index', ['rows' => $rows]);
    }
}
