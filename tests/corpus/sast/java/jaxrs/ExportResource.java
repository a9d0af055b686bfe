// stockade-expect: vulnerable CWE-78
package com.example.api;

import java.io.IOException;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;

@Path("/export")
public class ExportResource {
    @POST
    @Path("/{format}")
    public String export(@PathParam("format") String format) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "pandoc report.md -o report." + format);
        pb.start();
        return "started";
    }
}
