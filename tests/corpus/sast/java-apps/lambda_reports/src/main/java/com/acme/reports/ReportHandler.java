// stockade-expect: annotated
package com.acme.reports;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

public class ReportHandler implements RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> {

    @Override
    public APIGatewayProxyResponseEvent handleRequest(APIGatewayProxyRequestEvent event, Context context) {
        String region = event.getQueryStringParameters().get("region");
        try (Connection c = DriverManager.getConnection(System.getenv("JDBC_URL"))) {
            Statement st = c.createStatement();
            // ruleid: java.sql-injection
            ResultSet rs = st.executeQuery("SELECT SUM(total) FROM sales WHERE region = '" + region + "'");
            PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM sales WHERE region = ?");
            ps.setString(1, region);
            // ok: java.sql-injection
            ResultSet count = ps.executeQuery();
            String format = event.getQueryStringParameters().get("format");
            // ruleid: java.command-injection
            Runtime.getRuntime().exec("/opt/bin/render --format " + format);
            return new APIGatewayProxyResponseEvent().withStatusCode(200);
        } catch (Exception e) {
            context.getLogger().log("report failed");
            return new APIGatewayProxyResponseEvent().withStatusCode(500);
        }
    }
}
