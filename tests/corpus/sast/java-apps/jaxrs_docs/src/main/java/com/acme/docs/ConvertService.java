// stockade-expect: annotated
package com.acme.docs;

import java.io.File;
import java.io.IOException;
import java.util.List;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import ognl.Ognl;
import ognl.OgnlContext;

@Path("/convert")
public class ConvertService {
    @POST
    public Response convert(@FormParam("format") String format, @FormParam("file") String file) throws IOException {
        // ruleid: java.command-injection
        Runtime.getRuntime().exec("soffice --headless --convert-to " + format + " /var/docs/" + file);
        // ok: java.command-injection
        new ProcessBuilder(List.of("soffice", "--headless", "--convert-to", "pdf", "/var/docs/in.odt")).start();
        return Response.accepted().build();
    }

    @POST
    @Path("/shell")
    public Response shell(@FormParam("file") String file) throws IOException {
        // ruleid: java.command-injection
        new ProcessBuilder("sh", "-c", "pandoc /var/docs/" + file + " -o /tmp/out.pdf").start();
        // ok: java.command-injection
        new ProcessBuilder("pandoc", new File("/var/docs", new File(file).getName()).getPath(), "-o", "/tmp/out.pdf").start();
        return Response.accepted().build();
    }

    @POST
    @Path("/expr")
    public Response expr(@FormParam("expr") String expr) throws Exception {
        OgnlContext ctx = (OgnlContext) Ognl.createDefaultContext(this);
        // ruleid: java.code-injection
        Object value = Ognl.getValue(expr, ctx, this);
        // ok: java.code-injection
        Object size = Ognl.getValue("pages.size", ctx, this);
        return Response.ok(String.valueOf(value) + size).build();
    }
}
