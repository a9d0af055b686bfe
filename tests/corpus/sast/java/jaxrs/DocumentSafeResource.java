// stockade-expect: safe CWE-22
package com.example.api;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import org.apache.commons.io.FilenameUtils;

@Path("/docs")
public class DocumentSafeResource {
    @GET
    @Path("/{name}")
    public InputStream get(@PathParam("name") String name) throws IOException {
        File f = new File("/var/docs", FilenameUtils.getName(name));
        return new FileInputStream(f);
    }
}
