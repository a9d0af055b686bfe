<?php // stockade-expect: annotated

namespace App\Livewire;

use Illuminate\Support\Facades\DB;
use Livewire\Component;

class TenantSearch extends Component
{
    public string $query = '';
    public string $orderBy = 'name';

    public function render()
    {
        // ruleid: php.sql-injection
        $rows = DB::select("SELECT id, name FROM tenants WHERE name LIKE '%{$this->query}%'");
        // ok: php.sql-injection
        $rows2 = DB::select('SELECT id, name FROM tenants WHERE name LIKE ?', ['%' . $this->query . '%']);

        return view('livewire.tenant-search', ['rows' => $rows, 'rows2' => $rows2]);
    }
}
