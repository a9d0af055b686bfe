// stockade-expect: vulnerable CWE-90
package com.example.api;

import javax.naming.NamingException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.inject.Inject;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.QueryParam;

@Path("/directory")
public class DirectoryResource {
    @Inject
    DirContext ctx;

    @GET
    public boolean exists(@QueryParam("uid") String uid) throws NamingException {
        return ctx.search("ou=people,dc=example,dc=com", "(uid=" + uid + ")", new SearchControls()).hasMore();
    }
}
