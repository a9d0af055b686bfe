<?php // stockade-expect: annotated

defined('BASEPATH') or exit('No direct script access allowed');

class Legacy extends CI_Controller
{
    public function report()
    {
        $id = $this->input->get('id');
        // ruleid: php.sql-injection
        $query = $this->db->query('SELECT * FROM reports WHERE id = ' . $id);
        // ok: php.sql-injection
        $query2 = $this->db->query('SELECT * FROM reports WHERE id = ?', [$id]);
        $name = $this->input->post('name');
        // ruleid: php.xss
        echo "<div>Saved by $name</div>";
        // ok: php.xss
        echo '<div>Saved by ' . html_escape($name) . '</div>';
        $this->load->view('report', ['q' => $query, 'q2' => $query2]);
    }

    public function download()
    {
        $file = $this->input->get('file');
        // ruleid: php.path-traversal
        force_download('/srv/reports/' . $file, null);
    }
}
