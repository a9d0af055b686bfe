<?php // stockade-expect: annotated

namespace App\Http\Controllers;

use App\Models\Order;
use App\Services\InvoiceService;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Storage;

class OrderController extends Controller
{
    public function __construct(private InvoiceService $invoices)
    {
    }

    public function update(Request $request, Order $order)
    {
        // ruleid: php.mass-assignment
        $order->update($request->all());
        // ok: php.mass-assignment
        $order->update($request->validated());

        return redirect()->route('orders.show', $order);
    }

    public function invoice(Request $request)
    {
        $file = $request->input('file');
        // ruleid: php.path-traversal
        return Storage::download('invoices/' . $file);
    }

    public function invoiceSafe(Request $request)
    {
        $file = basename($request->input('file'));
        // ok: php.path-traversal
        return Storage::download('invoices/' . $file);
    }

    public function back(Request $request)
    {
        $to = $request->input('return_to');
        // ruleid: php.open-redirect
        return redirect()->away($to);
    }

    public function home()
    {
        // ok: php.open-redirect
        return redirect()->to('/orders');
    }

    public function export(Request $request)
    {
        $format = $request->input('format');
        // ruleid: php.command-injection
        $pdf = shell_exec('wkhtmltopdf --format ' . $format . ' /tmp/report.html -');
        // ok: php.command-injection
        $pdf2 = shell_exec('wkhtmltopdf --format ' . escapeshellarg($format) . ' /tmp/report.html -');

        return response($pdf . $pdf2, 200, ['Content-Type' => 'application/pdf']);
    }

    public function restore(Request $request)
    {
        $cart = $request->cookie('cart');
        // ruleid: php.insecure-deserialization
        $items = unserialize(base64_decode($cart));
        // ok: php.insecure-deserialization
        $items2 = json_decode(base64_decode($cart), true);

        return response()->json([$items, $items2]);
    }
}
