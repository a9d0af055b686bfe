// stockade-expect: annotated
package com.acme.flux;

import io.quarkus.hibernate.orm.panache.PanacheEntity;
import jakarta.persistence.Entity;
import java.util.List;

@Entity
public class Product extends PanacheEntity {
    public String brand;
    public String name;

    public static List<Product> byBrand(String brand) {
        // ruleid: java.sql-injection-parameter
        return find("brand = '" + brand + "'").list();
    }

    public static List<Product> byBrandSafe(String brand) {
        // ok: java.sql-injection-parameter
        return find("brand", brand).list();
    }
}
