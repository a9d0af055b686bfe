// stockade-expect: vulnerable CWE-502
package com.example.config;

import java.io.InputStream;
import org.yaml.snakeyaml.Yaml;

public class YamlConfigLoader {
    public Object load(InputStream in) {
        Yaml yaml = new Yaml();
        return yaml.load(in);
    }
}
