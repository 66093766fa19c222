// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedregex.h"

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>

namespace {
// As QRegularExpression sizes its JIT stack: patterns it can match, this can too.
constexpr size_t JitStackStart = 32 * 1024;
constexpr size_t JitStackMax = 512 * 1024;
// The interpreter's (when the JIT is not available) memory for backtracking.
constexpr quint32 HeapLimitKiB = 20 * 1024;

pcre2_code_16 *codeOf(const std::shared_ptr<void> &code)
{
    return static_cast<pcre2_code_16 *>(code.get());
}
} // namespace

struct BoundedRegex::Workspace::Parts
{
    pcre2_match_context_16 *context = nullptr;
    pcre2_jit_stack_16 *stack = nullptr;
    pcre2_match_data_16 *data = nullptr;
};

BoundedRegex::Workspace::Workspace(quint32 matchLimit)
    : m_parts(std::make_unique<Parts>())
{
    m_parts->context = pcre2_match_context_create_16(nullptr);
    pcre2_set_match_limit_16(m_parts->context, matchLimit);
    pcre2_set_depth_limit_16(m_parts->context, matchLimit);
    pcre2_set_heap_limit_16(m_parts->context, HeapLimitKiB);
    m_parts->stack = pcre2_jit_stack_create_16(JitStackStart, JitStackMax, nullptr);
    if (m_parts->stack)
        pcre2_jit_stack_assign_16(m_parts->context, nullptr, m_parts->stack);
    // Whether there is a match is all we ask: one pair of offsets is enough.
    m_parts->data = pcre2_match_data_create_16(1, nullptr);
}

BoundedRegex::Workspace::~Workspace()
{
    pcre2_match_data_free_16(m_parts->data);
    pcre2_jit_stack_free_16(m_parts->stack);
    pcre2_match_context_free_16(m_parts->context);
}

BoundedRegex::BoundedRegex(const QString &pattern)
    : m_pattern(pattern)
{
    if (pattern.isEmpty())
        return;
    int errorCode = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code_16 *code = pcre2_compile_16(reinterpret_cast<PCRE2_SPTR16>(pattern.utf16()), size_t(pattern.size()),
                                           PCRE2_UTF, &errorCode, &offset, nullptr);
    if (!code) {
        PCRE2_UCHAR16 buffer[256];
        const int length = pcre2_get_error_message_16(errorCode, buffer, sizeof buffer / sizeof buffer[0]);
        m_error = length > 0 ? QString::fromUtf16(reinterpret_cast<const char16_t *>(buffer), length)
                             : QStringLiteral("error %1").arg(errorCode);
        m_errorOffset = qsizetype(offset);
        return;
    }
    // Without a JIT (some platforms) the interpreter runs the same pattern under the same limits.
    pcre2_jit_compile_16(code, PCRE2_JIT_COMPLETE);
    uint32_t highestBackReference = 0;
    pcre2_pattern_info_16(code, PCRE2_INFO_BACKREFMAX, &highestBackReference);
    m_backReference = highestBackReference > 0;
    m_code = std::shared_ptr<void>(code, [](void *c) { pcre2_code_free_16(static_cast<pcre2_code_16 *>(c)); });
}

BoundedRegex::Outcome BoundedRegex::match(QStringView subject, Workspace &workspace) const
{
    if (!m_code)
        return Outcome::NoMatch;
    const auto run = [&](QStringView text) {
        return pcre2_match_16(codeOf(m_code), reinterpret_cast<PCRE2_SPTR16>(text.utf16()), size_t(text.size()), 0, 0,
                              workspace.m_parts->data, workspace.m_parts->context);
    };
    int result = run(subject);
    if (result <= PCRE2_ERROR_UTF16_ERR1 && result >= PCRE2_ERROR_UTF16_ERR3) {
        // A lone surrogate (JSON's "\ud800" decodes to one): as QString::toUtf8 would show it.
        const QString repaired = QString::fromUtf8(subject.toUtf8());
        result = run(repaired);
    }
    if (result >= 0)
        return Outcome::Match; // 0: a match whose offsets did not fit, still a match
    switch (result) {
    case PCRE2_ERROR_NOMATCH: return Outcome::NoMatch;
    case PCRE2_ERROR_MATCHLIMIT:
    case PCRE2_ERROR_DEPTHLIMIT:
    case PCRE2_ERROR_HEAPLIMIT:
    case PCRE2_ERROR_JIT_STACKLIMIT:
    case PCRE2_ERROR_NOMEMORY: return Outcome::TooCostly;
    default: return Outcome::NoMatch; // no other error is possible with a compiled pattern and valid text
    }
}
