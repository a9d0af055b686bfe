// stockade-expect: vulnerable CWE-611
package importer

import "github.com/lestrrat-go/libxml2/parser"

func Parse(b []byte) error {
	p := parser.New(parser.XMLParseNoEnt | parser.XMLParseDTDLoad)
	_, err := p.Parse(b)
	return err
}
