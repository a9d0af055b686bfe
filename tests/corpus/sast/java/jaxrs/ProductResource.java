// stockade-expect: vulnerable CWE-89
package com.example.api;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import javax.inject.Inject;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.QueryParam;

@Path("/products")
public class ProductResource {
    @Inject
    DataSource ds;

    @GET
    public String list(@QueryParam("category") String category) throws SQLException {
        try (Connection c = ds.getConnection()) {
            ResultSet rs = c.createStatement().executeQuery(
                    String.format("SELECT name FROM products WHERE category = '%s'", category));
            StringBuilder sb = new StringBuilder();
            while (rs.next()) sb.append(rs.getString(1)).append('\n');
            return sb.toString();
        }
    }
}
