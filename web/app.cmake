# web/app.cmake — the Dear ImGui app (web/*.cpp on top of alloclab_app_core, which holds
# AppState and the presets; never the CLI library): `alloclab_app` natively (SDL2 + desktop GL),
# `app` -> site/app.js + site/app.wasm under emscripten (SDL2 built by scripts/build-sdl2-wasm,
# WebGL2). Included from the top-level CMakeLists.txt when the ImGui 1.86 source is present.

# Dear ImGui 1.86 from the Debian source package (build-deps/src/imgui-1.86), never committed.
add_library(alloclab_imgui STATIC
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/imgui_widgets.cpp
  ${IMGUI_DIR}/backends/imgui_impl_sdl.cpp)
target_include_directories(alloclab_imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
# 32-bit draw indices: a large mesh view can exceed 64K vertices in one window, and the
# GLES3/WebGL2 backend has no vertex-offset support to split them.
target_compile_definitions(alloclab_imgui PUBLIC ImDrawIdx=unsigned)
target_compile_options(alloclab_imgui PRIVATE -w)

# One file per window (web/win_*.cpp): a new window is picked up without editing this list.
file(GLOB ALLOCLAB_WINDOW_SOURCES CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/web/win_*.cpp")
set(ALLOCLAB_APP_SOURCES
  web/main.cpp web/gl_renderer.cpp web/gl_texture.cpp web/page_api.cpp web/page_facts.cpp web/mesh_canvas.cpp web/mesh_canvas_3d.cpp web/orbit_canvas.cpp web/plot.cpp web/results_export.cpp web/traffic_overlay.cpp web/traffic_heat.cpp
  ${ALLOCLAB_WINDOW_SOURCES})

# The UI font: DejaVu Sans from Debian's fonts-dejavu-core (scripts/setup installs it), never
# committed; embedded into the wasm, read from the system natively. Without it ImGui's own.
set(ALLOCLAB_FONT_FILE "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" CACHE FILEPATH "TTF for the UI")

if(EMSCRIPTEN)
  # SDL2 2.26.5 compiled to wasm by scripts/build-sdl2-wasm (the emscripten SDL2 port needs a download).
  set(ALLOCLAB_SDL2_WASM "${CMAKE_BINARY_DIR}/_deps/sdl2/libSDL2.a" CACHE FILEPATH "libSDL2.a built for wasm")
  if(NOT EXISTS "${ALLOCLAB_SDL2_WASM}")
    message(FATAL_ERROR "ALLOCLAB_SDL2_WASM='${ALLOCLAB_SDL2_WASM}' does not exist: run scripts/build-web")
  endif()
  add_library(alloclab_sdl2_wasm STATIC IMPORTED)
  set_target_properties(alloclab_sdl2_wasm PROPERTIES
    IMPORTED_LOCATION "${ALLOCLAB_SDL2_WASM}"
    INTERFACE_INCLUDE_DIRECTORIES "${SDL2_SRC_DIR}/include")
  # -sUSE_SDL=0: keep emcc's bundled SDL1 headers and JS library out.
  target_compile_options(alloclab_imgui PUBLIC -sUSE_SDL=0)
  target_compile_definitions(alloclab_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_FILE_FUNCTIONS)
  target_link_libraries(alloclab_imgui PUBLIC alloclab_sdl2_wasm)
  target_compile_options(alloclab_imgui PRIVATE -O3)

  add_executable(app ${ALLOCLAB_APP_SOURCES})
  target_link_libraries(app PRIVATE alloclab_app_core alloclab_imgui)
  target_include_directories(app PRIVATE web)
  if(EXISTS "${ALLOCLAB_FONT_FILE}")
    target_compile_definitions(app PRIVATE ALLOCLAB_FONT="/fonts/ui.ttf")
    target_link_options(app PRIVATE "--embed-file=${ALLOCLAB_FONT_FILE}@/fonts/ui.ttf")
    set_property(TARGET app APPEND PROPERTY LINK_DEPENDS "${ALLOCLAB_FONT_FILE}")
  endif()
  target_compile_options(app PRIVATE -O3)
  target_link_options(app PRIVATE ${ALLOCLAB_PAGE_LINK_OPT} -sUSE_SDL=0 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
    -sALLOW_MEMORY_GROWTH=1 --pre-js "${CMAKE_CURRENT_SOURCE_DIR}/web/api_pre.js"
    "-sEXPORTED_FUNCTIONS=_main,_malloc,_free"
    -sFORCE_FILESYSTEM=1
    "-sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8,getValue")
  # The static site: app.js + app.wasm land in site/, next to the page from shell/.
  set(ALLOCLAB_SITE_DIR "${CMAKE_BINARY_DIR}/site")
  set_target_properties(app PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${ALLOCLAB_SITE_DIR}" SUFFIX ".js")
  # The real logs (assets/traces/*.swf.gz) are served with the site as site/traces/: the page's
  # built-in trace list fetches them and inflates them in the browser.
  file(GLOB ALLOCLAB_LOG_FILES CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/assets/traces/*.swf.gz")
  add_custom_command(TARGET app POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy_if_different
            "${CMAKE_CURRENT_SOURCE_DIR}/shell/index.html" "${ALLOCLAB_SITE_DIR}/index.html"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ALLOCLAB_SITE_DIR}/traces"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ALLOCLAB_LOG_FILES} "${ALLOCLAB_SITE_DIR}/traces/"
    COMMENT "site/index.html from shell/, site/traces/ from assets/traces/")
  set_property(TARGET app APPEND PROPERTY LINK_DEPENDS
    "${CMAKE_CURRENT_SOURCE_DIR}/shell/index.html" "${CMAKE_CURRENT_SOURCE_DIR}/web/api_pre.js" ${ALLOCLAB_LOG_FILES})
else()
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  target_link_libraries(alloclab_imgui PUBLIC SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
  add_executable(alloclab_app ${ALLOCLAB_APP_SOURCES})
  target_link_libraries(alloclab_app PRIVATE alloclab_app_core alloclab_imgui)
  target_include_directories(alloclab_app PRIVATE web)
  if(EXISTS "${ALLOCLAB_FONT_FILE}")
    target_compile_definitions(alloclab_app PRIVATE ALLOCLAB_FONT="${ALLOCLAB_FONT_FILE}")
  endif()
endif()

# The windows and canvases compile in unity batches too (CMakeLists.txt, ALLOCLAB_UNITY); the
# files that include the GL headers themselves (natively with GL_GLEXT_PROTOTYPES first) alone.
if(ALLOCLAB_UNITY)
  set_source_files_properties(web/gl_renderer.cpp web/gl_texture.cpp web/main.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  foreach(_t app alloclab_app)
    if(TARGET ${_t})
      set_target_properties(${_t} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
    endif()
  endforeach()
endif()
