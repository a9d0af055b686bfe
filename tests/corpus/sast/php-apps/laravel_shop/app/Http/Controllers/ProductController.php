<?php // stockade-expect: annotated

namespace App\Http\Controllers;

use App\Models\Product;
use App\Repositories\ProductRepository;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;

class ProductController extends Controller
{
    public function __construct(private ProductRepository $products)
    {
    }

    public function index(Request $request)
    {
        $sort = $request->input('sort', 'name');
        $direction = $request->query('dir', 'asc');
        // ruleid: php.sql-injection
        $items = Product::query()->orderByRaw($sort . ' ' . $direction)->paginate(20);

        $allowed = ['name', 'price', 'created_at'];
        $column = in_array($sort, $allowed, true) ? $sort : 'name';
        // ok: php.sql-injection
        $safe = Product::query()->orderBy($column)->paginate(20);

        return view('products.index', ['items' => $items, 'safe' => $safe]);
    }

    public function search(Request $request)
    {
        $term = $request->get('q');
        // ruleid: php.sql-injection
        $rows = DB::table('products')->whereRaw("name LIKE '%" . $term . "%'")->get();
        // ok: php.sql-injection
        $rows2 = DB::table('products')->whereRaw('name LIKE ?', ['%' . $term . '%'])->get();
        // ok: php.sql-injection
        $rows3 = DB::table('products')->where('name', 'like', '%' . $term . '%')->get();

        return response()->json([$rows, $rows2, $rows3]);
    }

    public function stats(Request $request)
    {
        $field = $request->input('field');
        // ruleid: php.sql-injection
        $totals = DB::table('orders')->select(DB::raw("SUM($field) as total"))->first();
        // ok: php.sql-injection
        $count = DB::table('orders')->select(DB::raw('COUNT(*) as total'))->first();
        // ruleid: php.sql-injection
        $byMonth = DB::table('orders')->selectRaw('MONTH(created_at) m, ' . $field)->groupBy('m')->get();

        return response()->json(['totals' => $totals, 'count' => $count, 'm' => $byMonth]);
    }

    public function filter(Request $request)
    {
        $column = $request->input('column');
        // ruleid: php.sql-injection-laravel-column
        $rows = Product::where($column, $request->input('value'))->get();
        // ok: php.sql-injection-laravel-column
        $rows2 = Product::where('category', $request->input('value'))->get();

        return response()->json([$rows, $rows2]);
    }

    public function show(Request $request, string $slug)
    {
        $product = $this->products->findBySlug($slug);
        $note = $request->input('note');
        // ruleid: php.xss
        return response('<h1>' . $product->name . '</h1><p>' . $note . '</p>');
    }

    public function preview(Request $request)
    {
        $note = $request->input('note');
        // ok: php.xss
        return response('<p>' . e($note) . '</p>');
    }

    public function import(Request $request)
    {
        $feed = $request->input('feed_url');
        // ruleid: php.ssrf
        $xml = file_get_contents($feed);
        // ok: php.ssrf
        $fixed = file_get_contents('https://feeds.example.com/products.xml');

        return response()->json(['size' => strlen($xml) + strlen($fixed)]);
    }
}
