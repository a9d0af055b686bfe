// stockade-expect: vulnerable CWE-113
package com.example.api;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.QueryParam;
import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.core.Context;

@Path("/track")
public class TrackingResource {
    @Context
    HttpServletResponse response;

    @GET
    public String track(@QueryParam("campaign") String campaign) {
        response.addHeader("X-Campaign", campaign);
        return "ok";
    }
}
