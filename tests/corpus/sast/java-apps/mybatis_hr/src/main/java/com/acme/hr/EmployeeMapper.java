// stockade-expect: annotated
package com.acme.hr;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface EmployeeMapper {
    // ruleid: java.mybatis-string-substitution
    @Select("SELECT * FROM employees WHERE department = '${dept}' ORDER BY last_name")
    List<Employee> byDepartment(@Param("dept") String dept);

    // ok: java.mybatis-string-substitution
    @Select("SELECT * FROM employees WHERE department = #{dept} ORDER BY last_name")
    List<Employee> byDepartmentSafe(@Param("dept") String dept);

    // ruleid: java.mybatis-string-substitution
    @Update("UPDATE employees SET title = #{title} WHERE ${where}")
    int retitle(@Param("title") String title, @Param("where") String where);

    // ok: java.mybatis-string-substitution
    @Update("UPDATE employees SET title = #{title} WHERE id = #{id}")
    int retitleSafe(@Param("title") String title, @Param("id") long id);
}
