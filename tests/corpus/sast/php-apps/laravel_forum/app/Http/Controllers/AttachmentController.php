<?php // stockade-expect: annotated

namespace App\Http\Controllers;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Storage;
use Illuminate\Support\Str;
use Symfony\Component\Process\Process;

class AttachmentController extends Controller
{
    public function store(Request $request)
    {
        $file = $request->file('attachment');
        // ruleid: php.upload-client-filename
        $path = $file->storeAs('attachments', $file->getClientOriginalName());
        // ok: php.upload-client-filename
        $path2 = $file->storeAs('attachments', Str::uuid() . '.' . $file->extension());

        return response()->json(['path' => $path, 'path2' => $path2]);
    }

    public function download(Request $request)
    {
        $name = $request->query('name');
        // ruleid: php.path-traversal
        return response()->download(storage_path('app/attachments/' . $name));
    }

    public function downloadSafe(Request $request)
    {
        $name = basename($request->query('name'));
        // ok: php.path-traversal
        return response()->download(storage_path('app/attachments/' . $name));
    }

    public function thumbnail(Request $request)
    {
        $name = $request->input('name');
        $size = $request->input('size');
        // ruleid: php.command-injection
        $proc = Process::fromShellCommandline('convert ' . $name . ' -resize ' . $size . ' thumb.png');
        $proc->run();
        // ok: php.command-injection
        $proc2 = new Process(['convert', $name, '-resize', $size, 'thumb.png']);
        $proc2->run();

        return response()->json(['ok' => $proc->isSuccessful() && $proc2->isSuccessful()]);
    }

    public function remove(Request $request)
    {
        $key = $request->input('key');
        // ruleid: php.path-traversal
        Storage::disk('local')->delete('attachments/' . $key);
        // ok: php.path-traversal
        Storage::disk('local')->delete('attachments/' . Str::slug($key));

        return response()->noContent();
    }
}
