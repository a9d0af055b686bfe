// stockade-expect: vulnerable CWE-611
package com.example.xml;

import java.io.InputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;

public class StaxReader {
    public int count(InputStream in) throws Exception {
        XMLInputFactory xif = XMLInputFactory.newInstance();
        XMLStreamReader r = xif.createXMLStreamReader(in);
        int n = 0;
        while (r.hasNext()) { r.next(); n++; }
        return n;
    }
}
