<?php // stockade-expect: annotated

namespace App\Http\Controllers\Api;

use App\Http\Controllers\Controller;
use App\Models\Tenant;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Process;
use Illuminate\Support\Facades\Storage;

class TenantController extends Controller
{
    public function index(Request $request): JsonResponse
    {
        $validated = $request->validate(['plan' => 'required|string']);
        $search = $request->input('search');
        // ruleid: php.sql-injection
        $tenants = Tenant::query()->where('plan', $validated['plan'])->whereRaw("LOWER(name) LIKE '%" . strtolower($search) . "%'")->get();
        // ok: php.sql-injection
        $tenants2 = Tenant::query()->where('plan', $validated['plan'])->whereRaw('LOWER(name) LIKE ?', ['%' . strtolower($search) . '%'])->get();
        $column = $request->input('sort', 'name');
        // ruleid: php.sql-injection-query-builder
        $sorted = Tenant::orderBy($column)->get();
        // ok: php.sql-injection-query-builder
        $sorted2 = Tenant::orderBy(in_array($column, ['name', 'created_at'], true) ? $column : 'name')->get();

        return response()->json([$tenants, $tenants2, $sorted, $sorted2]);
    }

    public function usage(Request $request, string $tenant): JsonResponse
    {
        // ruleid: php.sql-injection
        $rows = DB::connection('reporting')->select("SELECT SUM(bytes) AS b FROM usage WHERE tenant = '$tenant'");
        // ok: php.sql-injection
        $rows2 = DB::connection('reporting')->select('SELECT SUM(bytes) AS b FROM usage WHERE tenant = ?', [$tenant]);

        return response()->json([$rows, $rows2]);
    }

    public function backup(Request $request): JsonResponse
    {
        $db = $request->input('database');
        // ruleid: php.command-injection
        $result = Process::run('mysqldump ' . $db . ' > /backups/' . $db . '.sql');
        // ok: php.command-injection
        $result2 = Process::run(['mysqldump', '--result-file=/backups/tenant.sql', $db]);

        return response()->json(['ok' => $result->successful() && $result2->successful()]);
    }

    public function logo(Request $request)
    {
        $path = $request->query('path');
        // ruleid: php.path-traversal
        return Storage::disk('tenants')->download('logos/' . $path);
    }

    public function logoSafe(Request $request, Tenant $tenant)
    {
        // ok: php.path-traversal
        return Storage::disk('tenants')->download('logos/' . $tenant->id . '.png');
    }

    public function update(Request $request, Tenant $tenant): JsonResponse
    {
        // ruleid: php.mass-assignment
        $tenant->update($request->all());
        // ok: php.mass-assignment
        $tenant->update($request->only(['name', 'plan']));

        return response()->json($tenant);
    }
}
