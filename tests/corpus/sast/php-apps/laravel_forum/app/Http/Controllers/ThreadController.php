<?php // stockade-expect: annotated

namespace App\Http\Controllers;

use App\Models\Thread;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Http;
use Illuminate\Support\Facades\Cache;

class ThreadController extends Controller
{
    public function index(Request $request)
    {
        $tag = $request->query('tag');
        // ruleid: php.sql-injection
        $threads = Thread::whereRaw("tags LIKE '%{$tag}%'")->latest()->get();
        // ok: php.sql-injection
        $threads2 = Thread::where('tags', 'like', "%{$tag}%")->latest()->get();

        $min = $request->input('min_replies');
        // ruleid: php.sql-injection
        $popular = Thread::query()->havingRaw('COUNT(replies.id) > ' . $min)->get();
        // ok: php.sql-injection
        $popular2 = Thread::query()->havingRaw('COUNT(replies.id) > ?', [(int) $min])->get();

        return view('threads.index', compact('threads', 'threads2', 'popular', 'popular2'));
    }

    public function search(Request $request)
    {
        $needle = $request->string('q');
        // ruleid: php.sql-injection
        $hits = DB::select("SELECT id, title FROM threads WHERE MATCH(title) AGAINST ('$needle')");
        // ok: php.sql-injection
        $hits2 = DB::select('SELECT id, title FROM threads WHERE MATCH(title) AGAINST (?)', [$needle]);
        $author = $request->input('author');
        // ruleid: php.sql-injection
        DB::statement('UPDATE threads SET views = views + 1 WHERE author = "' . $author . '"');
        // ok: php.sql-injection
        DB::update('UPDATE threads SET views = views + 1 WHERE author = ?', [$author]);

        return response()->json(['hits' => $hits, 'hits2' => $hits2]);
    }

    public function preview(Request $request)
    {
        $link = $request->input('link');
        // ruleid: php.ssrf
        $page = Http::timeout(3)->get($link)->body();
        // ok: php.ssrf
        $page2 = Http::timeout(3)->get('https://oembed.example.com/embed', ['url' => $link])->body();

        return response()->json(['a' => strlen($page), 'b' => strlen($page2)]);
    }

    public function show(Request $request, Thread $thread)
    {
        $highlight = $request->query('hl');
        // ruleid: php.xss
        return response('<h1>' . $thread->title . '</h1><mark>' . $highlight . '</mark>');
    }

    public function showSafe(Request $request, Thread $thread)
    {
        $highlight = $request->query('hl');
        // ok: php.xss
        return response('<h1>' . e($thread->title) . '</h1><mark>' . e($highlight) . '</mark>');
    }

    public function back(Request $request)
    {
        // ruleid: php.open-redirect
        return redirect()->away($request->input('return_to'));
    }

    public function backSafe(Request $request)
    {
        // ok: php.open-redirect
        return redirect()->route('threads.index', ['page' => $request->input('page')]);
    }

    public function restoreDraft(Request $request)
    {
        $draft = $request->cookie('draft');
        // ruleid: php.insecure-deserialization
        $data = unserialize($draft);
        // ok: php.insecure-deserialization
        $data2 = unserialize($draft, ['allowed_classes' => false]);

        return response()->json([$data, $data2]);
    }
}
