// stockade-expect: safe CWE-78
package com.example.api;

import java.io.IOException;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;

@Path("/export")
public class ExportSafeResource {
    @POST
    @Path("/{format}")
    public String export(@PathParam("format") String format) throws IOException {
        String ext = "pdf".equals(format) ? "pdf" : "html";
        ProcessBuilder pb = new ProcessBuilder("pandoc", "report.md", "-o", "report." + ext);
        pb.start();
        return "started";
    }
}
