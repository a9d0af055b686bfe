// stockade-expect: safe CWE-502
package com.example.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import javax.ws.rs.POST;
import javax.ws.rs.Path;

@Path("/import")
public class ImportSafeResource {
    private final ObjectMapper mapper = new ObjectMapper();

    @POST
    public String importState(InputStream body) throws IOException {
        State state = mapper.readValue(body, State.class);
        return state.name;
    }

    public static class State {
        public String name;
    }
}
