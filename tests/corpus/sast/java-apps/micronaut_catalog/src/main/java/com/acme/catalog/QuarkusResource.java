// stockade-expect: annotated
package com.acme.catalog;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.io.File;
import java.nio.file.Files;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;

@Path("/docs")
public class QuarkusResource {
    private Document catalog;

    @GET
    @Path("/file")
    public Response file(@QueryParam("name") String name) throws Exception {
        // ruleid: java.path-traversal
        return Response.ok(Files.readString(new File("/srv/docs/" + name).toPath())).build();
    }

    @GET
    @Path("/price")
    public String price(@QueryParam("sku") String sku) throws Exception {
        XPath xpath = XPathFactory.newInstance().newXPath();
        // ruleid: java.xpath-injection
        return xpath.evaluate("/catalog/item[@sku='" + sku + "']/price", catalog);
    }

    @GET
    @Path("/count")
    public String count(@QueryParam("sku") String sku) throws Exception {
        XPath xpath = XPathFactory.newInstance().newXPath();
        // ok: java.xpath-injection
        return xpath.evaluate("count(/catalog/item)", catalog);
    }
}
