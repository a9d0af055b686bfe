<?php // stockade-expect: annotated

class Sev_Events_Db
{
    private $wpdb;

    public function __construct()
    {
        global $wpdb;
        $this->wpdb = $wpdb;
    }

    public function by_status($status)
    {
        // ruleid: php.sql-injection-parameter
        return $this->wpdb->get_results("SELECT * FROM {$this->wpdb->prefix}events WHERE status = '" . $status . "'");
    }

    public function by_status_safe($status)
    {
        // ok: php.sql-injection-parameter
        return $this->wpdb->get_results($this->wpdb->prepare("SELECT * FROM {$this->wpdb->prefix}events WHERE status = %s", $status));
    }

    public function delete_old()
    {
        // ok: php.sql-injection-parameter
        return $this->wpdb->query("DELETE FROM {$this->wpdb->prefix}events WHERE ends_at < NOW()");
    }
}
