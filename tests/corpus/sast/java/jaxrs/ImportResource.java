// stockade-expect: vulnerable CWE-502
package com.example.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import javax.ws.rs.POST;
import javax.ws.rs.Path;

@Path("/import")
public class ImportResource {
    @POST
    public String importState(InputStream body) throws IOException, ClassNotFoundException {
        ObjectInputStream in = new ObjectInputStream(body);
        Object state = in.readObject();
        return state.getClass().getName();
    }
}
