// stockade-expect: vulnerable CWE-89
package com.example.reports;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ReportService {
    private final DataSource dataSource;

    public ReportService(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    private String orderClause(String column) {
        return " ORDER BY " + column;
    }

    @PostMapping("/reports")
    public int run(@RequestBody ReportRequest req) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT * FROM sales" + orderClause(req.getSortColumn()));
            int n = 0;
            while (rs.next()) n++;
            return n;
        }
    }

    public static class ReportRequest {
        private String sortColumn;
        public String getSortColumn() { return sortColumn; }
        public void setSortColumn(String s) { this.sortColumn = s; }
    }
}
