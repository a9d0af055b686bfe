// stockade-expect: vulnerable CWE-79
package com.example.api;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

@Path("/greet")
public class GreetingResource {
    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response greet(@QueryParam("name") String name) {
        return Response.ok("<p>Hello, " + name + "!</p>").build();
    }
}
