// stockade-expect: safe CWE-611
package importer

import "encoding/xml"

type doc struct {
	Title string `xml:"title"`
}

func Parse(b []byte) (doc, error) {
	var d doc
	err := xml.Unmarshal(b, &d)
	return d, err
}
