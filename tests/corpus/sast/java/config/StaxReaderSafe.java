// stockade-expect: safe CWE-611
package com.example.xml;

import java.io.InputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;

public class StaxReaderSafe {
    public int count(InputStream in) throws Exception {
        XMLInputFactory xif = XMLInputFactory.newInstance();
        xif.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        xif.setProperty("javax.xml.stream.isSupportingExternalEntities", false);
        XMLStreamReader r = xif.createXMLStreamReader(in);
        int n = 0;
        while (r.hasNext()) { r.next(); n++; }
        return n;
    }
}
